// Messages of the lifecycle area (issue 9). Keep keys prefixed "booking.lifecycle.".
const lifecycle = {
  // The line on the payment page of a balance checkout: "ARC 2026 – Balance".
  "booking.lifecycle.checkout.balance": "Balance",

  // Every participant e-mail about a booking: the personal manage-my-booking link.
  "booking.lifecycle.email.manageButton": "Manage my booking",
  "booking.lifecycle.email.manageText":
    "On your personal booking page you can see your payments, pay the balance, update your phone number, address and emergency contact, download the calendar file, or cancel. Keep this link to yourself: it opens your booking without a password.",
  "booking.lifecycle.email.balanceDueBy": "Balance due by",
  "booking.lifecycle.email.confirmBalanceNote": "The balance of {amount} is due by {date}. You can pay it online on your booking page; we send you a reminder a week before.",

  // The participant's "balance received" e-mail.
  "booking.lifecycle.email.balance.subject": "Payment received: {event} ({reference})",
  "booking.lifecycle.email.balance.preview": "We received {amount} for {event}.",
  "booking.lifecycle.email.balance.heading": "Payment received",
  "booking.lifecycle.email.balance.intro": "Thank you! We received your payment of {amount} for {event}.",
  "booking.lifecycle.email.balance.received": "Received now",
  "booking.lifecycle.email.balance.totalPaid": "Paid in total",
  "booking.lifecycle.email.balance.allPaid": "Your booking is now paid in full. See you on board!",
  "booking.lifecycle.email.balance.stillDue": "A balance of {amount} is still due by {date}.",
  "booking.lifecycle.email.balance.footer": "You receive this e-mail because you booked an event of the Ocean Racing Team.",

  // The participant's cancellation e-mail.
  "booking.lifecycle.email.cancel.subject": "Booking cancelled: {event} ({reference})",
  "booking.lifecycle.email.cancel.preview": "Your booking {reference} for {event} has been cancelled.",
  "booking.lifecycle.email.cancel.heading": "Your booking is cancelled",
  "booking.lifecycle.email.cancel.intro": "Your booking for {event} ({dates}) has been cancelled.",
  "booking.lifecycle.email.cancel.refund": "Refund",
  "booking.lifecycle.email.cancel.refundText": "We are refunding {amount}. It returns to the account or card you paid with, usually within 5 to 10 working days.",
  "booking.lifecycle.email.cancel.refundByHand": "Of this, {amount} was paid by bank transfer: the team transfers it back to you by hand.",
  "booking.lifecycle.email.cancel.policyPercent": "Under the event's cancellation policy you get {percent}% of what you paid back.",
  "booking.lifecycle.email.cancel.noRefundLate": "The refund period of this event ended on {deadline}, so under the cancellation policy there is no refund.",
  "booking.lifecycle.email.cancel.noRefundNothingPaid": "Nothing had been paid, so there is nothing to refund.",
  "booking.lifecycle.email.cancel.noRefund": "No refund is made for this cancellation.",
  "booking.lifecycle.email.cancel.closing": "We are sorry you cannot join us. Questions? Write to {email} and mention your reference.",
  "booking.lifecycle.email.cancel.viewBooking": "View my booking",

  // To the team (read in Dutch; English kept in step).
  "booking.lifecycle.email.team.cancelSubject": "Booking cancelled: {name} for {event}",
  "booking.lifecycle.email.team.cancelPreview": "{name} no longer takes part in {event}.",
  "booking.lifecycle.email.team.cancelHeading": "Booking cancelled",
  "booking.lifecycle.email.team.cancelIntro": "The booking of {name} for {event} was cancelled by {who}. The place is free again and offered to the waiting list.",
  "booking.lifecycle.email.team.balanceSubject": "Payment received: {name} for {event}",
  "booking.lifecycle.email.team.balancePreview": "{name} paid {amount} for {event}.",
  "booking.lifecycle.email.team.balanceHeading": "Payment received",
  "booking.lifecycle.email.team.balanceIntro": "{name} paid {amount} towards the booking for {event} ({method}).",
  "booking.lifecycle.email.team.who.participant": "the participant (booking page)",
  "booking.lifecycle.email.team.who.staff": "a team member",
  "booking.lifecycle.email.team.who.system": "the system",
  "booking.lifecycle.email.team.who.provider": "the payment provider",
  "booking.lifecycle.email.team.method.online": "online",
  "booking.lifecycle.email.team.method.manual": "bank transfer, recorded by hand",
  "booking.lifecycle.email.team.reason": "Reason",
  "booking.lifecycle.email.team.refund": "Refund",
  "booking.lifecycle.email.team.refundNone": "None",
  "booking.lifecycle.email.team.received": "Received now",
  "booking.lifecycle.email.team.totalPaid": "Paid in total",
  "booking.lifecycle.email.team.footer": "Sent by the booking system of the website.",

  // The payment result page after paying a balance.
  "booking.lifecycle.success.balanceTitle": "Payment received",
  "booking.lifecycle.success.balanceText": "Thank you! Your payment has been received.",
  "booking.lifecycle.success.fullyPaid": "Your booking is now paid in full.",
  "booking.lifecycle.success.balanceEmailNote": "A confirmation of this payment is on its way to {email}.",
  "booking.lifecycle.success.manage": "View my booking",
};

export default lifecycle;
