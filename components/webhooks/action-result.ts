/** What a webhook admin action reports back to its form (shown in a live region). */
export type ActionResult = { ok: boolean; message: string; at: number } | null;
