import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function AutoRenewStopCompleteScreen() {
  return <TitleOnlyScreen titleKey="screen.autoRenewStopComplete.title" />
}
