import type { FieldMessageTone } from "../../../lib/ui/TextField";
import type { AvailabilityStatus } from "../hooks";

/** How an availability state looks under its field. */
export function availabilityTone(status: AvailabilityStatus): FieldMessageTone {
  if (status === "available") return "success";
  if (status === "unavailable") return "error";
  return "pending";
}
