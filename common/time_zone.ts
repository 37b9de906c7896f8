/**
 * The school keeps German time: this is the one place its zone is named. SQL binds it as a
 * parameter (`at time zone ${SCHOOL_TIME_ZONE}`). It has a module of its own so that code needing
 * only the name (the web app's first chunk) does not pull in the date helpers of common/time.ts.
 */
export const SCHOOL_TIME_ZONE = "Europe/Berlin";
