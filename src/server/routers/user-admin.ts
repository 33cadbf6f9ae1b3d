/** User administration procedures (spec §7 /api/user...), merged into the `user` router. */
export const userAdminProcedures = {};
