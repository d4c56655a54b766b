import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function IdReNotificationScreen() {
  return <TitleOnlyScreen titleKey="screen.idReNotification.title" />
}
