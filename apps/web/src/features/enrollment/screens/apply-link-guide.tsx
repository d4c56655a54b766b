import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function ApplyLinkGuideScreen() {
  return <TitleOnlyScreen titleKey="screen.applyLinkGuide.title" />
}
