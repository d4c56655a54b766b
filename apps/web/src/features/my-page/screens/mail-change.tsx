import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function MailChangeScreen() {
  return <TitleOnlyScreen titleKey="screen.mailChange.title" />
}
