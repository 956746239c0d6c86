import type { RemoteName } from '../routes/route-table';
export interface RemoteVersion {
  version: string;
  entry: string;
}
export interface RemoteRecord {
  stable: RemoteVersion;
  canary?: RemoteVersion & {
    percent: number;
  };
  published?: string[];
}
export type Registry = Partial<Record<RemoteName, RemoteRecord>>;
export type Channel = 'stable' | 'canary' | 'preview';
export interface ChosenRemote {
  name: RemoteName;
  version: string;
  entry: string;
  channel: Channel;
  stable: RemoteVersion;
}
export type PreviewPins = Partial<Record<string, string>>;
export declare const COHORT_KEY = 'tesseraCohort';
export declare const COHORT_COOKIE = 'tesseraCohort';
/** A random id kept in localStorage (mirrored in the tesseraCohort cookie): the same browser stays in the same cohort. */
export declare function cohortId(storage?: Storage, doc?: Document): string;
/** bucket = hash(id + remote) mod 100 (FNV-1a, stable across browsers). */
export declare function bucket(id: string, remote: string): number;
/** The manifest URL of another version of a remote: its stable entry with the version folder changed. */
export declare function entryOfVersion(rec: RemoteRecord, version: string): string;
/** Whether `version` of this remote is published: listed in `published`, or its stable or canary. */
export declare function isPublished(rec: RemoteRecord | undefined, version: string): boolean;
export declare function chooseRemotes(registry: Registry, id: string, pins?: PreviewPins): ChosenRemote[];
export declare function fetchRegistry(url?: string): Promise<Registry>;
export declare function setChosenRemotes(list: ChosenRemote[]): void;
export declare function getChosenRemotes(): readonly ChosenRemote[];
export declare function chosenRemote(name: string): ChosenRemote | undefined;
export declare function onChosenRemotesChange(fn: () => void): () => void;
/** A canary (or previewed version) that failed: the rest of this page life uses the stable build. */
export declare function fallBackToStable(name: string): ChosenRemote | undefined;
/** The `X-Client-Versions` value: `shell@1.0.0,mf_public@1.1.0,…` (the versions in use). */
export declare function clientVersions(shellVersion: string, list?: readonly ChosenRemote[]): string;
