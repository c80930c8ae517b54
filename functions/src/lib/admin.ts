import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';

// FIREBASE_CONFIG (set by the Functions runtime and its emulator) carries projectId and databaseURL;
// FIREBASE_DATABASE_EMULATOR_HOST redirects the Admin SDK to the local database emulator.
const app = getApps()[0] ?? initializeApp();

export const db: Database = getDatabase(app);
export const auth = getAuth(app);
