import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function LoginScreen() {
  return <TitleOnlyScreen titleKey="screen.login.title" />
}
