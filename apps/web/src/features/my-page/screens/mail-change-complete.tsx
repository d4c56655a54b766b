import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function MailChangeCompleteScreen() {
  return <TitleOnlyScreen titleKey="screen.mailChangeComplete.title" />
}
