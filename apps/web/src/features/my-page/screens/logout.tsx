import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function LogoutScreen() {
  return <TitleOnlyScreen titleKey="screen.logout.title" />
}
