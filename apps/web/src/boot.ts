import { startAfterFirstPaint } from './app/start-after-paint.ts'

// The first script of a server-rendered landing page (issue #22, ADR 0036 "Round 2"): the page
// is complete HTML, so nothing of the app has to come before its first paint. This script, a few
// hundred bytes, waits for that paint and only then preloads the app's chunks and imports its
// entry, which hydrates the page. Its <script> tag names them (landing-render.ts on the server).
startAfterFirstPaint(window, (url) => import(/* @vite-ignore */ url))
