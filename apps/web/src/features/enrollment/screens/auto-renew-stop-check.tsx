import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function AutoRenewStopCheckScreen() {
  return <TitleOnlyScreen titleKey="screen.autoRenewStopCheck.title" />
}
