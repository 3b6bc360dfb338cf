package rules

// depositOptional vetoes a deposit nobody is bound to make: "may, at its option, make a
// deposit", "is not obligated to make a deposit" (meeting.extension_deposit_make).
const depositOptional = `(?i)\bmay\b[^.⟦]{0,40}\bmake\b|\bnot (?:be )?(?:obligated|required|obliged)\b|\bno obligation\b|\bneither\b`
