import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function StartRegisterTelephoneAuthScreen() {
  return <TitleOnlyScreen titleKey="screen.startRegisterTelephoneAuth.title" />
}
