import { useId } from 'react'

/**
 * 「パスワードを表示する」: a checkbox that shows the form's passwords as text, so they can be
 * checked before sending (WCAG 3.3.8 Accessible Authentication; no need to type blind).
 */
export function ShowPasswordToggle({
  label,
  isShown,
  onChange,
}: {
  label: string
  isShown: boolean
  onChange: (isShown: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={isShown}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="size-6 accent-blue-900"
      />
      <label htmlFor={id} className="py-1 text-std-16N-170">
        {label}
      </label>
    </div>
  )
}
