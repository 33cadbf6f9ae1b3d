/** Worksheet procedures (spec §7 /api/worksheet...), merged into the `worksheet` router. */
export const worksheetRouter = {};
