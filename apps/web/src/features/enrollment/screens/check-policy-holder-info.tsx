import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function CheckPolicyHolderInfoScreen() {
  return <TitleOnlyScreen titleKey="screen.checkPolicyHolderInfo.title" />
}
