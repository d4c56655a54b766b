// `npm run dev`: the API (tsx watch, port 3000) and Vite's dev server (port 5173, /api proxied to
// 3000) side by side, their output prefixed; Ctrl-C stops both.
import { spawn } from 'node:child_process'

const parts = [
  { name: 'server', args: ['run', 'dev', '-w', '@app/server'] },
  { name: 'web', args: ['run', 'dev', '-w', '@app/web'] },
]

const children = parts.map(({ name, args }) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8')
    stream.on('data', (/** @type {string} */ chunk) => {
      for (const line of chunk.split('\n'))
        if (line !== '') process.stdout.write(`[${name}] ${line}\n`)
    })
  }
  child.on('exit', (code) => {
    process.stdout.write(`[${name}] exited with ${code}\n`)
    stopAll()
    process.exitCode = code ?? 1
  })
  return child
})

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
}

process.on('SIGINT', stopAll)
process.on('SIGTERM', stopAll)
