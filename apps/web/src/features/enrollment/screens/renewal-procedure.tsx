import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function RenewalProcedureScreen() {
  return <TitleOnlyScreen titleKey="screen.renewalProcedure.title" />
}
