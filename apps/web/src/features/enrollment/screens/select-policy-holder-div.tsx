import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function SelectPolicyHolderDivScreen() {
  return <TitleOnlyScreen titleKey="screen.selectPolicyHolderDiv.title" />
}
