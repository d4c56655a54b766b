import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function IdReNotificationCompleteScreen() {
  return <TitleOnlyScreen titleKey="screen.idReNotificationComplete.title" />
}
