import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function NoticeMattersDocScreen() {
  return <TitleOnlyScreen titleKey="screen.noticeMattersDoc.title" />
}
