/** The argument validators by pi version; 0.73.1's when none is named. */
import { type ArgumentValidator, VALIDATOR_0_73_1, type ValidatorVersionId } from "./validation";
import { VALIDATOR_1_6_0 } from "./validation-1-6-0";

export type { ArgumentValidator, ValidatableTool, ValidatorVersionId } from "./validation";
export { VALIDATOR_0_73_1 } from "./validation";
export { describeArgumentsError, VALIDATOR_1_6_0 } from "./validation-1-6-0";

export const VALIDATORS: Readonly<Record<ValidatorVersionId, ArgumentValidator>> = {
  "0.73.1": VALIDATOR_0_73_1,
  "1.6.0": VALIDATOR_1_6_0,
};

export function argumentValidator(version: ValidatorVersionId = "0.73.1"): ArgumentValidator {
  return VALIDATORS[version];
}
