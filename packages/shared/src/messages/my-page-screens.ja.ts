// Text of the my-page screens (issue #8, SPEC §2.2, §8.4; ADR 0015). Written per STYLE.md §8.
export const myPageScreenMessages = {} as const satisfies Record<string, string>
