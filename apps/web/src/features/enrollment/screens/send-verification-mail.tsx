import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function SendVerificationMailScreen() {
  return <TitleOnlyScreen titleKey="screen.sendVerificationMail.title" />
}
