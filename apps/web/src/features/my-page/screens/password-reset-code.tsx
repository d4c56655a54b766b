import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function PasswordResetCodeScreen() {
  return <TitleOnlyScreen titleKey="screen.passwordResetCode.title" />
}
