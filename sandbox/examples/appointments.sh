#!/usr/bin/env bash
# Appointments: a saved address with a default, an order placed at it, the merged requirement, a
# document, carrier acceptance, the lock and its override with a reason, the outbox and the PDF.
# Needs curl and node, and SANDBOX, KEY and TOKEN as the server printed them, then:
#   bash examples/appointments.sh      (test/appointments-example.test.ts runs it against a fresh server)
set -euo pipefail
H=(-sS --fail-with-body -H "authorization: Bearer $TOKEN" -H "x-service-api-key: $KEY")
JSON=(-H "content-type: application/json")
field() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8')).$1"; }

echo "1. A saved address (place) whose deliveries need an appointment, with a default requirement"
PLACE=$(curl "${H[@]}" "${JSON[@]}" "$SANDBOX/sandbox/addresses" -d '{
  "name": "Dallas Foods DC", "address1": "1 Main St", "city": "Dallas", "state": "TX", "zipCode": "75201",
  "phoneNumber": "+12145550100", "contactPerson": "Ann Lee", "appointmentRequired": true,
  "defaultAccessorials": {"appointment": {"channel": "EMAIL", "leadTimeHours": 24, "instructions": "Dock 4",
    "contacts": [{"name": "Dock desk", "email": "dock@dallasfoods.example"}]}}}')
echo "$PLACE"
PLACE_ID=$(echo "$PLACE" | field id)

echo "2. A quote, and a shipment whose delivery stop is placed at the saved address"
QUOTE_ID=$(curl "${H[@]}" "${JSON[@]}" "$SANDBOX/v1/shipper/quote" -d '{
  "pickupAddress": {"zipCode": "60018"}, "deliveryAddress": {"zipCode": "75201"},
  "orderComponents": [{"palletCount": 2, "poundsWeight": 900, "dimensions": {"length": 48, "width": 40, "height": 48}}]}' | field id)
ORDER=$(curl "${H[@]}" "${JSON[@]}" "$SANDBOX/v1/shipper/shipment" -H "X-Sandbox-Delivery-Address-Id: $PLACE_ID" -d '{
  "pickupAddress": {"name": "Lakeside DC", "address1": "2400 S Wolf Rd", "city": "Des Plaines", "state": "IL",
    "zipCode": "60018", "phoneNumber": "+18475550142", "contactPerson": "Dana Whitfield"},
  "deliveryAddress": {"name": "Dallas Foods", "address1": "1 Main St", "city": "Dallas", "state": "TX",
    "zipCode": "75201", "phoneNumber": "+12145550100", "contactPerson": "Ann Lee"},
  "orderComponents": [{"palletCount": 2, "poundsWeight": 900, "dimensions": {"length": 48, "width": 40, "height": 48}}],
  "description": "Grocery restock", "quoteId": "'"$QUOTE_ID"'"}' | field orderNumber)
APT="$SANDBOX/v1/shipper/shipment/$ORDER/appointment/DELIVERY"

echo "3. The delivery's requirement: the place's default (_merged.fields says PLACE)"
curl "${H[@]}" "$APT"; echo

echo "4. The order's own requirement (a full replace), merged with the place's"
curl "${H[@]}" "${JSON[@]}" -X PUT "$APT" -d '{"channel": "PHONE", "leadTimeHours": 48,
  "contacts": [{"name": "Ann Lee", "phone": "+12145550100"}], "instructions": "Call one hour ahead"}'; echo

echo "5. A supporting document: the bill of lading, uploaded as the customer's BOL"
curl "${H[@]}" -o bol.pdf "$(curl "${H[@]}" "$SANDBOX/v1/shipper/shipment/$ORDER/document/BILL_OF_LADING" | field downloadLink)"
curl "${H[@]}" -F "file=@bol.pdf;type=application/pdf" "$APT/document/CUSTOMER_BOL"; echo

echo "6. Confirm; the carrier accepts, which builds the appointment PDF"
curl "${H[@]}" -X PUT "$SANDBOX/v1/shipper/shipment/$ORDER/confirm"; echo
curl "${H[@]}" "${JSON[@]}" "$SANDBOX/sandbox/orders/$ORDER/events" -d '{"event": "ACCEPT"}'; echo

echo "7. Now a change is locked (409) unless confirmed with a reason, which the carrier is told verbatim"
curl -sS -o /dev/null -w "   without the override: %{http_code}\n" -H "authorization: Bearer $TOKEN" -H "x-service-api-key: $KEY" \
  "${JSON[@]}" -X PUT "$APT" -d '{"channel": "PHONE", "instructions": "Use dock 7"}'
curl "${H[@]}" "${JSON[@]}" -X PUT "$APT?confirmChangeAfterAcceptance=true" -H "X-Service-Change-Reason: Dock 4 closed; use dock 7" \
  -d '{"channel": "PHONE", "instructions": "Use dock 7"}'; echo
curl "${H[@]}" "$SANDBOX/sandbox/outbox?orderNumber=$ORDER"; echo

echo "8. The appointment PDF: a cover sheet, then the documents' pages"
curl "${H[@]}" -o "$ORDER-DELIVERY-appointment.pdf" -w "   saved $ORDER-DELIVERY-appointment.pdf: %{http_code} %{content_type}, %{size_download} bytes\n" "$APT/pdf"
