import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function RegisterMaintenanceManagerScreen() {
  return <TitleOnlyScreen titleKey="screen.registerMaintenanceManager.title" />
}
