import { describe, expect, it } from 'vitest'
import { createApiClient } from '@/lib/api-client.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { addInsured, fetchOptions, removeInsured, saveStep } from './application-api.ts'
import { removeRequiredDoc, uploadFile, uploadPathOf } from './document-api.ts'

function client() {
  const { fetch, requests } = mockFetch(() => jsonResponse(200, { version: 2 }))
  return { api: createApiClient({ baseUrl: '/api', fetch }), requests }
}

describe('application-api', () => {
  it('手順の保存は JSON の本文で PUT すること', async () => {
    const { api, requests } = client()
    await saveStep(api, 'selectCategory', { version: 1, planUnitNo: 2 })
    expect(requests[0]?.method).toBe('PUT')
    expect(requests[0]?.url).toBe('/api/applyInfo/selectCategory')
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json')
    expect(requests[0]?.body).toEqual({ version: 1, planUnitNo: 2 })
  })

  it('被保険者の追加は POST、削除と書類の削除は版をクエリで送ること', async () => {
    const { api, requests } = client()
    const insrdInfo = {
      insrdNameKana: 'ヤマダ',
      insrdNameKanji: '山田',
      insrdBirthDate: '19900101',
      insrdSex: '1' as const,
      itemAnswers: {},
    }
    await addInsured(api, 3, { version: 1, insrdInfo })
    await removeInsured(api, 3, 'a-b', 5)
    await removeRequiredDoc(api, 'f-1', 6)
    await fetchOptions(api, 2)
    expect(requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /api/applyInfo/insured/3',
      'DELETE /api/applyInfo/insured/3/a-b?version=5',
      'DELETE /api/applyInfo/requiredDocs/f-1?version=6',
      'GET /api/specifiedCoverageTypes/?planUnitNo=2',
    ])
    expect(requests[0]?.body).toEqual({ version: 1, insrdInfo })
  })

  it('署名付きURLへのアップロードは API のベースを重ねずに送ること', async () => {
    expect(uploadPathOf('/api/files/upload/tok')).toBe('/files/upload/tok')
    expect(uploadPathOf('https://files.example.jp/files/upload/tok')).toBe(
      'https://files.example.jp/files/upload/tok',
    )
    const { api, requests } = client()
    await uploadFile(api, '/api/files/upload/tok', new Blob(['"bytes"']))
    expect(requests[0]?.url).toBe('/api/files/upload/tok')
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/octet-stream')
  })
})
