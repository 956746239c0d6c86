// Password hashing lives in lib/passwords.ts (users and auth both need it); this path
// stays for the seed and the tests that import it.
export { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
