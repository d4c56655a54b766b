import { TitleOnlyScreen } from '../../components/title-only-screen.tsx'

export default function PamphletScreen() {
  return <TitleOnlyScreen titleKey="screen.pamphlet.title" />
}
