import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function MailChangeCodeScreen() {
  return <TitleOnlyScreen titleKey="screen.mailChangeCode.title" />
}
