import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function CompleteApplicationScreen() {
  return <TitleOnlyScreen titleKey="screen.completeApplication.title" />
}
