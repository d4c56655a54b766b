import { participationProductsRoute } from '@app/shared/api/admin/participation-routes'
import type { participationProductsApi } from '@app/shared/api/admin/participation'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useState } from 'react'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { ErrorAlert, inputClassName, Loading } from '../components/ui.tsx'
import { groupKey, splitGroupKey } from './groups.ts'
import { useAdminServices } from './services.tsx'
import { useLoad } from './use-load.ts'

// The group products a participation screen can show (issue #21 points 5, 6): those in the staff
// member's scope (a group contact: their group's), the newest product year first.

export type ParticipationProduct = EndpointResponse<
  typeof participationProductsApi
>['products'][number]

export function productLabel(product: ParticipationProduct): string {
  return t('admin.participation.productOption', {
    groupNameKanji: product.groupNameKanji,
    groupPfCode: product.groupPfCode,
    year: product.groupPfCodeInceptionDateYm.slice(0, 4),
  })
}

/** The products in scope and the chosen one (the first until another is chosen). */
export function useChosenProduct() {
  const { api } = useAdminServices()
  const products = useLoad(
    (signal) =>
      callEndpoint<typeof participationProductsApi>(
        api,
        participationProductsRoute,
        {},
        { signal },
      ),
    [api],
  )
  const [chosen, setChosen] = useState('')
  const list = products.state === 'done' ? products.data.products : []
  const first = list[0]
  const key =
    chosen !== '' || first === undefined
      ? chosen
      : groupKey(first.groupPfCode, first.groupPfCodeInceptionDateYm)
  const product = list.find(
    (item) => groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm) === key,
  )
  return { products, list, key, product, split: splitGroupKey(key), setChosen }
}

export function ProductChoice({ chosen }: { chosen: ReturnType<typeof useChosenProduct> }) {
  const { products, list, key, setChosen } = chosen
  if (products.state === 'loading') return <Loading />
  if (products.state === 'failed') return <ErrorAlert error={products.error} />
  if (list.length === 0) return <p>{t('admin.participation.noProducts')}</p>
  return (
    <div className="max-w-xl">
      <Field label={t('admin.participation.product')} required>
        {(control) => (
          <select
            {...control}
            value={key}
            onChange={(event) => setChosen(event.target.value)}
            className={inputClassName}
          >
            {list.map((item) => {
              const value = groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm)
              return (
                <option key={value} value={value}>
                  {productLabel(item)}
                </option>
              )
            })}
          </select>
        )}
      </Field>
    </div>
  )
}
