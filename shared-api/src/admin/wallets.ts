// /v1/wallets: one user's wallet, as admins read it.
import type { Wallet } from '../contract';
import { http } from 'shared-api';
import { id } from '../endpoints/query';

/** Admins. */
export const getUserWallet = (userId: string): Promise<Wallet> => http.get(`v1/wallets/${id(userId)}/admin`).json<Wallet>();
