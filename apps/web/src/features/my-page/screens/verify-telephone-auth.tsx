import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function VerifyTelephoneAuthScreen() {
  return <TitleOnlyScreen titleKey="screen.verifyTelephoneAuth.title" />
}
