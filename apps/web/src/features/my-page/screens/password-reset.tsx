import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function PasswordResetScreen() {
  return <TitleOnlyScreen titleKey="screen.passwordReset.title" />
}
