/**
 * Key-value storage shared by every server process: memory for a single process, Redis when
 * several copies run behind a load balancer. Values are strings; TTLs are in seconds.
 */
export interface SecondaryStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  close?(): Promise<void>;
  /**
   * Storage that can be unreachable (Redis) says whether calls are being tried right now; false
   * during an outage. Absent: the storage never fails (memory).
   */
  isAvailable?(): boolean;
  /** When the latest outage ended (epoch ms), 0 when there was none. */
  recoveredAt?(): number;
}
