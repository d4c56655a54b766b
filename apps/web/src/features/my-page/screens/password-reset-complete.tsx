import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function PasswordResetCompleteScreen() {
  return <TitleOnlyScreen titleKey="screen.passwordResetComplete.title" />
}
