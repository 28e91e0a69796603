import type { Messages } from "../../define";
import type en from "../en/lifecycle";

// The Dutch counterpart of ../en/lifecycle.ts: the same keys, checked by typecheck.
export default {
  "booking.lifecycle.checkout.balance": "Restbetaling",

  "booking.lifecycle.email.manageButton": "Mijn boeking beheren",
  "booking.lifecycle.email.manageText":
    "Op je persoonlijke boekingspagina zie je je betalingen, betaal je het restbedrag, pas je je telefoonnummer, adres en noodcontact aan, download je het agendabestand of annuleer je. Deel deze link met niemand: hij opent je boeking zonder wachtwoord.",
  "booking.lifecycle.email.balanceDueBy": "Restbedrag te betalen vóór",
  "booking.lifecycle.email.confirmBalanceNote": "Het restbedrag van {amount} betaal je uiterlijk {date}. Dat kan online op je boekingspagina; een week van tevoren sturen we je een herinnering.",

  "booking.lifecycle.email.balance.subject": "Betaling ontvangen: {event} ({reference})",
  "booking.lifecycle.email.balance.preview": "We hebben {amount} ontvangen voor {event}.",
  "booking.lifecycle.email.balance.heading": "Betaling ontvangen",
  "booking.lifecycle.email.balance.intro": "Dank je wel! We hebben je betaling van {amount} voor {event} ontvangen.",
  "booking.lifecycle.email.balance.received": "Nu ontvangen",
  "booking.lifecycle.email.balance.totalPaid": "Totaal betaald",
  "booking.lifecycle.email.balance.allPaid": "Je boeking is nu helemaal betaald. Tot aan boord!",
  "booking.lifecycle.email.balance.stillDue": "Er staat nog {amount} open, te betalen uiterlijk {date}.",
  "booking.lifecycle.email.balance.footer": "Je ontvangt deze e-mail omdat je een evenement van het Ocean Racing Team hebt geboekt.",

  "booking.lifecycle.email.cancel.subject": "Boeking geannuleerd: {event} ({reference})",
  "booking.lifecycle.email.cancel.preview": "Je boeking {reference} voor {event} is geannuleerd.",
  "booking.lifecycle.email.cancel.heading": "Je boeking is geannuleerd",
  "booking.lifecycle.email.cancel.intro": "Je boeking voor {event} ({dates}) is geannuleerd.",
  "booking.lifecycle.email.cancel.refund": "Terugbetaling",
  "booking.lifecycle.email.cancel.refundText": "We betalen {amount} terug. Het bedrag komt terug op de rekening of kaart waarmee je betaalde, meestal binnen 5 tot 10 werkdagen.",
  "booking.lifecycle.email.cancel.refundByHand": "Daarvan is {amount} per bankoverschrijving betaald: dat maakt het team met de hand aan je terug over.",
  "booking.lifecycle.email.cancel.policyPercent": "Volgens de annuleringsvoorwaarden van dit evenement krijg je {percent}% van wat je betaalde terug.",
  "booking.lifecycle.email.cancel.noRefundLate": "De terugbetalingstermijn van dit evenement liep tot {deadline}; volgens de annuleringsvoorwaarden volgt er daarom geen terugbetaling.",
  "booking.lifecycle.email.cancel.noRefundNothingPaid": "Er was nog niets betaald, dus er valt niets terug te betalen.",
  "booking.lifecycle.email.cancel.noRefund": "Bij deze annulering volgt geen terugbetaling.",
  "booking.lifecycle.email.cancel.closing": "Jammer dat je niet mee kunt. Vragen? Mail naar {email} en vermeld je referentie.",
  "booking.lifecycle.email.cancel.viewBooking": "Mijn boeking bekijken",

  "booking.lifecycle.email.team.cancelSubject": "Boeking geannuleerd: {name} voor {event}",
  "booking.lifecycle.email.team.cancelPreview": "{name} doet niet meer mee aan {event}.",
  "booking.lifecycle.email.team.cancelHeading": "Boeking geannuleerd",
  "booking.lifecycle.email.team.cancelIntro": "De boeking van {name} voor {event} is geannuleerd door {who}. De plaats is weer vrij en wordt aan de wachtlijst aangeboden.",
  "booking.lifecycle.email.team.balanceSubject": "Betaling ontvangen: {name} voor {event}",
  "booking.lifecycle.email.team.balancePreview": "{name} betaalde {amount} voor {event}.",
  "booking.lifecycle.email.team.balanceHeading": "Betaling ontvangen",
  "booking.lifecycle.email.team.balanceIntro": "{name} betaalde {amount} voor de boeking van {event} ({method}).",
  "booking.lifecycle.email.team.who.participant": "de deelnemer (boekingspagina)",
  "booking.lifecycle.email.team.who.staff": "een teamlid",
  "booking.lifecycle.email.team.who.system": "het systeem",
  "booking.lifecycle.email.team.who.provider": "de betaalprovider",
  "booking.lifecycle.email.team.method.online": "online",
  "booking.lifecycle.email.team.method.manual": "bankoverschrijving, met de hand geboekt",
  "booking.lifecycle.email.team.reason": "Reden",
  "booking.lifecycle.email.team.refund": "Terugbetaling",
  "booking.lifecycle.email.team.refundNone": "Geen",
  "booking.lifecycle.email.team.received": "Nu ontvangen",
  "booking.lifecycle.email.team.totalPaid": "Totaal betaald",
  "booking.lifecycle.email.team.footer": "Verstuurd door het boekingssysteem van de website.",

  "booking.lifecycle.success.balanceTitle": "Betaling ontvangen",
  "booking.lifecycle.success.balanceText": "Dank je wel! Je betaling is ontvangen.",
  "booking.lifecycle.success.fullyPaid": "Je boeking is nu helemaal betaald.",
  "booking.lifecycle.success.balanceEmailNote": "Een bevestiging van deze betaling is onderweg naar {email}.",
  "booking.lifecycle.success.manage": "Mijn boeking bekijken",
} satisfies Messages<typeof en>;
