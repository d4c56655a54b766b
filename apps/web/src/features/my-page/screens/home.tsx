import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function HomeScreen() {
  return <TitleOnlyScreen titleKey="screen.home.title" />
}
