import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function AutoRenewCheckScreen() {
  return <TitleOnlyScreen titleKey="screen.autoRenewCheck.title" />
}
