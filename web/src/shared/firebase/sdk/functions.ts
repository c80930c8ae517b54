// The parts of firebase/functions the app uses (see sdk/auth.ts for why this list exists).
export { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
