import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function LoginCodeScreen() {
  return <TitleOnlyScreen titleKey="screen.loginCode.title" />
}
