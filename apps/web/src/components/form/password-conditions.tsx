/**
 * SPEC §5.3: the conditions of the password rule as a field's support text, shown before anyone
 * gets them wrong (the field's aria-describedby reads them).
 */
export function PasswordConditions({
  intro,
  conditions,
}: {
  intro: string
  conditions: readonly string[]
}) {
  return (
    <>
      <span className="block">{intro}</span>
      <ul className="mt-1 flex list-disc flex-col pl-6">
        {conditions.map((condition) => (
          <li key={condition}>{condition}</li>
        ))}
      </ul>
    </>
  )
}
