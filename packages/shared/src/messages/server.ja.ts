// Text the server sends to users in error bodies (`message`).
export const serverMessages = {} as const
