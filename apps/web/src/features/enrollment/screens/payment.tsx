import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function PaymentScreen() {
  return <TitleOnlyScreen titleKey="screen.payment.title" />
}
