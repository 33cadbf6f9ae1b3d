/** Export/archive procedures (if any besides the raw CSV route), merged into the `worksheet` router. */
export const exportProcedures = {};
