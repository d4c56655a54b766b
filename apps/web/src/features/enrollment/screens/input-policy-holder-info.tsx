import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function InputPolicyHolderInfoScreen() {
  return <TitleOnlyScreen titleKey="screen.inputPolicyHolderInfo.title" />
}
