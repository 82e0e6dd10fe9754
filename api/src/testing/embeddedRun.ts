/**
 * This run of the tests is on the embedded database (DATABASE_URL unset). Tests that start
 * embedded servers whatever DATABASE_URL says run in that run only: the PostgreSQL run (CI's
 * second) would repeat them as they are.
 */
export const embeddedRun = !process.env.DATABASE_URL;
