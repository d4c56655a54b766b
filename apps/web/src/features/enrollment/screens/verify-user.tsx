import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function VerifyUserScreen() {
  return <TitleOnlyScreen titleKey="screen.verifyUser.title" />
}
